fn main() {
    heatwise_web::start();
}
